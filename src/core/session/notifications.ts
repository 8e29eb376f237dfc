// One way for a feature to hear the server's notifications while its component is mounted on the signed-in page.
import { useEffect, useRef } from 'react';
import type { ReceivedNotification } from '../index.ts';
import { chatServices, type ChatServices } from './services.ts';

export type NotificationListener = (notification: ReceivedNotification, services: ChatServices) => void;

/**
 * Runs `listener` for every notification while the caller is mounted. The latest listener runs, so callers need
 * not memoise it; without a live connection (the chat in tests, lite pages) nothing runs.
 */
export function useNotifications(listener: NotificationListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const services = chatServices();
    return services.realtime?.on('notification', (notification) => latest.current(notification, services));
  }, []);
}
