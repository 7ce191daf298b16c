import { orgContract } from '@sk/shared';
import { RecordFormDialog } from '../components/RecordFormDialog';
import { PasswordChangeFields, type PasswordChangeValues } from '../components/PasswordChangeFields';
import { useApiMutation } from '../lib/query';

type Values = PasswordChangeValues;

/** Change own password (offered in the mobile app shell only). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const save = useApiMutation(orgContract.userPassword);
  return (
    <RecordFormDialog<Values>
      title="修改密码"
      open={open}
      onClose={onClose}
      onSubmit={(v) => save.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword })}
    >
      <PasswordChangeFields fields={orgContract.userPassword.body.shape} />
    </RecordFormDialog>
  );
}
