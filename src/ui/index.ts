// The component kit: every colour, size and radius comes from the variant's --cg-* theme tokens.
export { Avatar, initials } from './Avatar.tsx';
export { Badge } from './Badge.tsx';
export { Button } from './Button.tsx';
export { Checkbox } from './Checkbox.tsx';
export { Dialog } from './Dialog.tsx';
export { ConfirmDialog, NoticeDialog, type ConfirmDialogProps, type ConfirmOptions, type NoticeDialogProps, type NoticeOptions } from './ConfirmDialog.tsx';
export { DialogHost } from './DialogHost.tsx';
export { confirmAction, dismissAllDialogs, showNotice } from './dialogStore.ts';
export { EmptyState } from './EmptyState.tsx';
export { IconButton } from './IconButton.tsx';
export { Panel } from './Panel.tsx';
export { ProgressBar } from './ProgressBar.tsx';
export { Spinner } from './Spinner.tsx';
export { TextField } from './TextField.tsx';
export { ToastHost } from './ToastHost.tsx';
export { showToast, useToasts, type ToastKind } from './toastStore.ts';
export { definePanelPage, PanelPageView, useOpenRoom, usePanelNav, type OpenPage, type PanelPageDef, type PanelPageViewProps } from './panels/index.ts';
export { saveFile } from './saveFile.ts';
