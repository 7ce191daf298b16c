/** What the login page says once a login link was asked for (the wait before the next one in whole seconds). */
export const sentLinkText = (seconds: number): string => `已发送：如该手机号已开通服务门户，点击短信中的链接即可登录。请${Math.round(seconds)}秒后再获取`;
