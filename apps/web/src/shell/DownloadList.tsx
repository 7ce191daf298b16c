import { DeleteOutlined } from '@ant-design/icons';
import type { DownloadItem } from '@sk/shared/files/files.contract';
import { Button, Empty, Popconfirm, Progress, Typography } from 'antd';
import { toast } from '../components/toast';

function ItemRow({ item, onDelete }: { item: DownloadItem; onDelete: (id: number) => void }) {
  const download = () => {
    if (!item.file_download_url) return toast.error('下载失败');
    // A same-origin link with `download`: the attachment saves from this page, with no tab opened and closed for it.
    const a = document.createElement('a');
    a.href = item.file_download_url;
    a.download = '';
    a.click();
  };
  return (
    <div className="sk-download-item" data-state={item.process_state}>
      <div className="sk-download-main">
        <div className="sk-download-name">{item.name}</div>
        {item.process_state === 1 ? (
          <Progress percent={item.process} size="small" status="active" aria-label={`${item.name} 导出进度`} />
        ) : item.process_state === 2 ? (
          <Typography.Text type="secondary">{item.create_time} 已完成</Typography.Text>
        ) : (
          <Typography.Text type="danger">{item.error ?? '生成失败'}</Typography.Text>
        )}
      </div>
      {item.process_state !== 1 && (
        <div className="sk-download-actions">
          {item.process_state === 2 && (
            <Button type="link" size="small" onClick={download}>
              下载
            </Button>
          )}
          <Popconfirm title="确认删除该文件吗？" onConfirm={() => onDelete(item.id)} okText="删除" cancelText="取消">
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`删除${item.name}`} />
          </Popconfirm>
        </div>
      )}
    </div>
  );
}

/** The download centre's items (loaded when the popover first opens). */
export default function DownloadList({ items, onDelete }: { items: DownloadItem[]; onDelete: (id: number) => void }) {
  if (items.length === 0) return <Empty description="暂无导出文件" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return items.map((i) => <ItemRow key={i.id} item={i} onDelete={onDelete} />);
}
