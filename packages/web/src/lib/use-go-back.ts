import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** 'Cancel' on a form page: back where the user came from, or to `fallback` when the page was opened directly. */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate(fallback);
  }, [navigate, fallback]);
}
