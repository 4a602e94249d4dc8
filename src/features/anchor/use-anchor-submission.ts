/**
 * Sending the anchor form: with the kept key, or, when none is kept, with a trial key asked for
 * first and kept (the "Get a trial key and submit" button), so nobody has to leave the form.
 * A recorded submission is kept in "Your submissions".
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { keyKeys, trialKeyMutationOptions, type TrialKey } from '../../api/keys';
import { setApiKey } from '../../api/settings';
import { submitEventMutationOptions } from '../../api/submit-event';
import type { AnchorEventBody } from './anchor-form';
import { loadSubmissions, saveSubmission, type SavedSubmission } from './submissions-store';

/** The file a submission names: hashed here (with its size), or named by sha256sum's pasted line (no size). */
export type SubmittedFile = { name: string; size: number | null };

export interface SubmittedEntry {
  submission: SavedSubmission;
  /** This browser had already submitted the same leaf to this service. */
  submittedBefore: boolean;
}

export function useAnchorSubmission(baseUrl: string, apiKey: string | null) {
  const queryClient = useQueryClient();
  const trial = useMutation(trialKeyMutationOptions(baseUrl));
  const submit = useMutation(submitEventMutationOptions(baseUrl));
  const [issuedKey, setIssuedKey] = useState<TrialKey | null>(null);
  const [submitted, setSubmitted] = useState<SubmittedEntry | null>(null);

  const send = async (body: AnchorEventBody, file: SubmittedFile | null) => {
    let key = apiKey;
    if (key === null) {
      const issued = await trial.mutateAsync();
      setApiKey(issued.key, baseUrl);
      setIssuedKey(issued);
      void queryClient.invalidateQueries({ queryKey: keyKeys.all(baseUrl) });
      key = issued.key;
    }
    const result = await submit.mutateAsync({ body, apiKey: key });
    const submittedBefore = loadSubmissions().some(
      (s) => s.baseUrl === baseUrl && s.leafHex === result.leaf_hash,
    );
    const submission: SavedSubmission = {
      baseUrl,
      fileName: file?.name ?? null,
      fileSize: file?.size ?? null,
      contractSha256: body.contract_sha256,
      serialNumber: body.serial_number,
      walletHash: body.wallet_hash,
      leafHex: result.leaf_hash,
      rootHex: result.root_hash,
      status: result.status,
      submittedAt: new Date().toISOString(),
    };
    saveSubmission(submission);
    setSubmitted({ submission, submittedBefore });
  };

  return {
    /** Sends the body; failures are shown from `trial.error` and `submit.error`, so none is thrown. */
    send: (body: AnchorEventBody, file: SubmittedFile | null) => {
      trial.reset();
      send(body, file).catch(() => {});
    },
    trial,
    submit,
    issuedKey,
    submitted,
    pending: trial.isPending || submit.isPending,
    reset: () => {
      trial.reset();
      submit.reset();
      setIssuedKey(null);
      setSubmitted(null);
    },
  };
}
