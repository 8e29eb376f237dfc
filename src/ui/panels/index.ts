export { definePanelPage, useOpenRoom, usePanelNav, type OpenPage, type PanelPageDef } from './panelNav.ts';
export { PanelPageView, type PanelPageViewProps } from './PanelPageView.tsx';
