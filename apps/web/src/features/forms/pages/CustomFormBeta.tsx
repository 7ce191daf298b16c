import { ORDER_KIND } from '@sk/shared/forms/forms.constants';
import { useSearchParams } from 'react-router';
import { idOf, kindOf } from '../api';
import { Designer } from '../designer/Designer';

/** /templateCenter/processSetting/customFormbeta?tmpId&type&tmpName: the drag-and-drop designer of one template. */
export default function CustomFormBeta() {
  const [q] = useSearchParams();
  const kind = kindOf(q.get('type'), ORDER_KIND) ?? ORDER_KIND;
  return <Designer key={`${kind}-${q.get('tmpId') ?? ''}`} kind={kind} tmpId={idOf(q.get('tmpId'))} title={q.get('tmpName') ?? undefined} />;
}
