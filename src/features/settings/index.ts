export { dndPage, myQrCodePage, settingPage } from './pages.tsx';
export { useAccountLanguage } from './hooks/useAccountLanguage.ts';
export { SettingsSlotsProvider, type SettingsSlots } from './slots.ts';
