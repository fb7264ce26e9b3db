import { useAlerts } from '../app/alerts/use-alerts.ts';
import { useToast } from '../components/ui/use-toast.ts';

/**
 * Copies a text to the clipboard and says so in a toast ('Reference copied', 'Email address
 * copied'); where the browser refuses, an alert shows the text to copy by hand.
 */
export function useCopyText() {
  const { pushAlert } = useAlerts();
  const { showToast } = useToast();
  return async (text: string, copiedMessage: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(copiedMessage);
    } catch {
      pushAlert({ variant: 'danger', message: `The ${what} could not be copied to the clipboard. It is ${text}.` });
    }
  };
}
