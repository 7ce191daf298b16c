// Hooks over the system-settings and dictionary contracts.
import { dictContract } from '@sk/shared/settings/dict.contract';
import { settingsContract } from '@sk/shared/settings/settings.contract';
import { staleAfter, useApi } from '../../lib/query';

export { dictContract, settingsContract };

/** One setting's value ('1'/'0' for switches); undefined while loading. */
export function useSetting(code: string): string | undefined {
  return useSettingQuery(code).data?.value;
}

/** The read behind useSetting, for a form whose save waits for it (`enabled` false: not asked). */
export function useSettingQuery(code: string, enabled = true) {
  return useApi(settingsContract.getByCode, { code }, { enabled, call: { silent: true } });
}

/** Every write to settings makes these answers stale. */
export const SETTING_READS = [settingsContract.list, settingsContract.getByCode, settingsContract.getByCodes];
export const DICT_READS = [dictContract.types, dictContract.items, dictContract.list, dictContract.valueByTypeList, dictContract.codeContent];

// Every dictionary write (add, edit, delete, enable, reorder) refreshes the items lists and every picker of them.
staleAfter([dictContract.create, dictContract.update, dictContract.remove, dictContract.sort, dictContract.enable], DICT_READS);
