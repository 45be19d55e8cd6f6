import { useState } from 'react';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';

/**
 * Opens the host's review of a changed tool; the `tool-change` request then comes up in the consent center
 * like any other. A review put aside earlier is brought back rather than opened twice.
 */
export function useToolReview(): { review: (server: string, tool: string) => void; error: string | undefined } {
  const api = useHostApi();
  const resume = useAppStore((state) => state.resumeConsent);
  const [error, setError] = useState<string>();
  const review = (server: string, tool: string) => {
    setError(undefined);
    api.call('grants.review', { server, tool }).then(
      ({ requestId }) => resume(requestId),
      (failure: unknown) => setError(errorMessage(failure)),
    );
  };
  return { review, error };
}
