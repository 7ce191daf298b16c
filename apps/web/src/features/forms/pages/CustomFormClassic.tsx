import { ORDER_KIND } from '@sk/shared/forms/forms.constants';
import { Button, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { idOf } from '../api';
import { ClassicEditor } from '../designer/ClassicEditor';

/** /templateCenter/processSetting/customForm/:orderType?: an order type's fields as a table (the default type without one). */
export default function CustomFormClassic() {
  const { orderType } = useParams();
  const tmpId = idOf(orderType);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ClassicEditor key={tmpId ?? 0} kind={ORDER_KIND} tmpId={tmpId} />
      <Link to={`/templateCenter/processSetting/customFormbeta?type=${ORDER_KIND}${tmpId ? `&tmpId=${tmpId}` : ''}`}>
        <Button type="link">切换到拖拽设计器</Button>
      </Link>
    </Space>
  );
}
