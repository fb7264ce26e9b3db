import { useEffect } from 'react';

/** Sets the browser tab title to "<title> · Milepost". */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Milepost` : 'Milepost';
  }, [title]);
}
