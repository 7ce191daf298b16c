import { createStore } from '../lib/store';

/** The upgrade modal, opened from lock icons, free-plan notices and the package card. */
export const upgradeStore = createStore<{ open: boolean; notice: string | null }>({ open: false, notice: null });

export const openUpgrade = (notice: string | null = null): void => upgradeStore.set({ open: true, notice });
export const closeUpgrade = (): void => upgradeStore.set({ open: false, notice: null });
