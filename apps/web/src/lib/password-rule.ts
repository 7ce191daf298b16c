// The password policy's words for the forms (hint, length cap); the rules themselves are the contracts' own
// (`rulesOf` of a `newPassword` / `currentPassword` field), so the web checks what the server checks.
export { PASSWORD_HINT, PASSWORD_MAX } from '@sk/shared/common/password';
