// The account module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/account is imported from outside it.
export { accountModule, setSessionCookie } from './account.routes';
export { VERSION } from './versions';
export { sendCode, withProvedMobile } from './account.service';
