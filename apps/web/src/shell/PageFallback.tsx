import { Button, Spin } from 'antd';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazyPage';
import { Notice } from './Notice';

export function PageFallback() {
  return (
    <div className="sk-page-loading">
      <Spin size="large" />
    </div>
  );
}

/** A page that failed to load (chunk time-out) or threw while rendering. */
export function RouteError() {
  const err = useRouteError();
  const chunk = err instanceof ChunkLoadError;
  return (
    <Notice
      kind={chunk ? 'warning' : 'error'}
      title={chunk ? err.message : '页面出错了'}
      text={chunk ? undefined : '请刷新页面重试，如果问题仍然存在请联系客服'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
