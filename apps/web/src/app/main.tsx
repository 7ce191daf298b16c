import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(<div>服务管家</div>);
