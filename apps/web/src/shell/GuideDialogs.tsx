import { Modal, Tour, type TourProps } from 'antd';

const target = (sel: string) => () => document.querySelector<HTMLElement>(sel) ?? document.body;

const STEPS: TourProps['steps'] = [
  { title: '顶部菜单', description: '按业务分组的功能入口：工单、客户、会话、办公、库存、财务、运营和系统设置。', target: target('.sk-top-menu') },
  { title: '侧边菜单', description: '当前分组下的功能，数字角标提示待处理的数量。', target: target('.sk-sider') },
  { title: '页签栏', description: '打开的页面以页签保留，右键页签可关闭其他、左侧或右侧页签。', target: target('.sk-tabbar') },
  { title: '帮助与下载', description: '帮助中心、版本记录、手机App下载和导出文件都在这里。', target: target('.sk-header-tools') },
  { title: '个人中心', description: '切换角色、消息订阅、清除缓存与退出登录。', target: target('[aria-label="用户菜单"]') },
];

/** The quick-deploy prompt and the new-user guide's steps (loaded only when one is due). */
export default function GuideDialogs({
  stage,
  onDeploy,
  onSkipDeploy,
  onFinish,
}: {
  stage: 'deploy' | 'guide';
  onDeploy: () => void;
  onSkipDeploy: () => void;
  onFinish: () => void;
}) {
  return (
    <>
      <Modal open={stage === 'deploy'} title="快速部署" okText="去部署" cancelText="稍后再说" onOk={onDeploy} onCancel={onSkipDeploy}>
        <p>欢迎使用服务管家！您可以按所在行业一键导入工单模板、服务项目和字典，快速开始派单。</p>
      </Modal>
      <Tour open={stage === 'guide'} steps={STEPS} onClose={onFinish} onFinish={onFinish} />
    </>
  );
}
