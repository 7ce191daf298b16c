import { Card } from 'antd';
import { UserList } from '../components/UserList';

/** The enterprise's own staff (the users counted against the purchased seats). */
export default function InsourceUser() {
  return (
    <Card title="内部人员" size="small">
      <UserList title="内部人员" fixed={{ userType: 0 }} defaults={{ userType: 0 }} />
    </Card>
  );
}
