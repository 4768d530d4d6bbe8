import { useEffect, useState, useSyncExternalStore } from 'react';

import { type ChatController, type ChatControllerOptions, type ChatState, createChatController } from './state';

// The page's controller, started on mount and stopped on unmount, and its state as React sees it.
export function useChat(options?: ChatControllerOptions): [ChatState, ChatController] {
  const [controller] = useState(() => createChatController(options));
  useEffect(() => {
    controller.start();
    return () => controller.dispose();
  }, [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.get);
  return [state, controller];
}
