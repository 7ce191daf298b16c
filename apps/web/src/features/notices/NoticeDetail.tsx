import { Button } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { AnnouncementView } from './Announcements';

/** /noticeDetail/:id — one announcement for any member it was sent to (the 公告通知 list itself is a menu page not every role holds). */
export default function NoticeDetail() {
  const { id } = useParams();
  const navigate = useNavigate();
  return (
    <div className="sk-page" style={{ padding: 16, maxWidth: 860 }}>
      <Button type="link" style={{ padding: 0, marginBottom: 8 }} onClick={() => navigate('/noticeCenter?category=2')}>
        返回公告列表
      </Button>
      <AnnouncementView id={Number(id)} />
    </div>
  );
}
