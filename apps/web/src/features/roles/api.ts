import { menuContract } from '@sk/shared/menu/menu.contract';
import { rolePowerContract } from '@sk/shared/roles/role-power.contract';
import { staleAfter } from '../../lib/query';

export { rolePowerContract as R, menuContract as M };

// A saved role changes what its users see (their menu); a custom entry changes the side menu of everyone it shows to.
staleAfter([rolePowerContract.rolePowerSave, rolePowerContract.rolePowerReset], [rolePowerContract.rolePowerList, menuContract.listV2]);
staleAfter([menuContract.customSave, menuContract.customUpdate, menuContract.customDelete], [menuContract.customList, menuContract.listV2]);
