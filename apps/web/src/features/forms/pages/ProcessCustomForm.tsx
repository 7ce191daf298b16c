import { EVENT_KIND, PROJECT_KIND } from '@sk/shared/forms/forms.constants';
import { useLocation, useSearchParams } from 'react-router';
import { idOf } from '../api';
import { Designer } from '../designer/Designer';

/**
 * /eventSet/processevent/customForm and /projectSet/processProject/customForm (?id&templateName): the designer
 * of an event or project template (the kind's default template without an id).
 */
export default function ProcessCustomForm() {
  const { pathname } = useLocation();
  const [q] = useSearchParams();
  const kind = pathname.toLowerCase().startsWith('/projectset') ? PROJECT_KIND : EVENT_KIND;
  const tmpId = idOf(q.get('id'));
  return <Designer key={`${kind}-${tmpId ?? ''}`} kind={kind} tmpId={tmpId} title={q.get('templateName') ?? undefined} />;
}
