import { useEffect, useState } from 'react';

/**
 * A URL the page can show `file` at (a chosen photo's preview), or null without a file; revoked
 * when the file changes or the component goes, so a preview never holds its file in memory longer.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
