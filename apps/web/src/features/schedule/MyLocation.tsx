// /schedule/myLocation: the engineer shares their position with the dispatchers, by their own consent. Sharing
// reports the browser's position now and every few minutes while the page is open; stopping deletes it on the server.
import { Alert, Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi, useApiMutation } from '../../lib/query';
import { S } from './api';

const EVERY_MS = 5 * 60_000;

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) reject(new Error('当前浏览器不支持定位'));
    else
      navigator.geolocation.getCurrentPosition(resolve, () => reject(new Error('无法获取位置，请允许浏览器使用定位')), {
        enableHighAccuracy: true,
        timeout: 15_000,
      });
  });
}

export default function MyLocation() {
  const mine = useApi(S.myPosition);
  const report = useApiMutation(S.reportPosition, { call: { successToast: false } });
  const withdraw = useApiMutation(S.withdrawPosition);
  const [error, setError] = useState<string | null>(null);
  const sharing = !!mine.data?.sharing;

  const send = async () => {
    setError(null);
    try {
      const p = await currentPosition();
      await report.mutateAsync({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  // While sharing and the page is open, the position is refreshed now and then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: send reads the latest mutation each time
  useEffect(() => {
    if (!sharing) return;
    const t = setInterval(() => void send(), EVERY_MS);
    return () => clearInterval(t);
  }, [sharing]);

  return (
    <Card title="位置共享" size="small" style={{ maxWidth: 560 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          开启后，派单员可以在地图上看到您最近一次上报的位置，用于就近派单和规划上门路线。您可以随时停止共享，停止后位置立即删除。
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} />}
        {/* Until the server says whether he shares, neither button: a consent offered while loading was a wrong state. */}
        {mine.isPending ? (
          <Spin size="small" />
        ) : sharing ? (
          <>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="最近上报">{mine.data?.reportedAt}</Descriptions.Item>
              <Descriptions.Item label="经度, 纬度">
                {mine.data?.longitude?.toFixed(5)}, {mine.data?.latitude?.toFixed(5)}
              </Descriptions.Item>
            </Descriptions>
            <Space wrap>
              <Button type="primary" loading={report.isPending} onClick={() => void send()}>
                立即更新位置
              </Button>
              <Button danger loading={withdraw.isPending} onClick={() => withdraw.mutate(undefined as never)}>
                停止共享
              </Button>
            </Space>
          </>
        ) : (
          <Button type="primary" block loading={report.isPending} onClick={() => void send()}>
            同意并共享我的位置
          </Button>
        )}
      </Space>
    </Card>
  );
}
