// Copies text and says so in a toast.
import { notify, notifyError } from './toaster.ts';

export async function copyText(text: string, title: string, description?: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify(title, description);
    return true;
  } catch {
    notifyError('Copy failed', text);
    return false;
  }
}
