import { PASSWORD_HINT, PASSWORD_MAX, passwordLengthProblem } from '@sk/shared/common/password';

export { PASSWORD_HINT, PASSWORD_MAX };

/**
 * The form rule of a password being set: the contracts' own length check (`newPassword`), with its
 * Chinese message; whether it is too common is the server's answer ('密码过于常见，请换一个').
 */
export const NEW_PASSWORD_RULE = {
  validator: async (_: unknown, value?: string) => {
    const problem = value ? passwordLengthProblem(value) : null;
    if (problem) throw new Error(problem);
  },
};
