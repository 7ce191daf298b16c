import { EVENT_KIND } from '@sk/shared/forms/forms.constants';
import type { TemplateRow } from '@sk/shared/forms/forms.views';
import { Card } from 'antd';
import { formsContract } from '../../forms';
import { type TemplateKind, TemplateTypes } from '../../forms';

const query = (t: TemplateRow) => `id=${t.id}&templateName=${encodeURIComponent(t.name)}`;

const EVENT_TEMPLATES: TemplateKind = {
  kind: EVENT_KIND,
  noun: '事件模板',
  list: formsContract.eventTempList,
  fieldsPath: (t) => `/eventSet/processevent/customForm?${query(t)}`,
  processPath: (t) => `/eventSet/processevent?${query(t)}`,
};

/** /eventSet: the event templates, each with its custom fields and its process (allowed actions, principals). */
export default function EventSet() {
  return (
    <Card title="事件设置">
      <TemplateTypes {...EVENT_TEMPLATES} />
    </Card>
  );
}
