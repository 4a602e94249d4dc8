/** "Add files" and "Add a folder": more documents for the batch, through the browser's choosers. */
import { useId } from 'react';
import { BUTTON_CLASS } from '../../../components/ui/styles';
import { filesWithFolders } from '../../../components/ui/dropped-files';

export function MoreFiles({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const id = useId();
  const pick = (input: HTMLInputElement) => {
    const files = filesWithFolders([...(input.files ?? [])]);
    input.value = ''; // the same files chosen again are read again
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <input
        id={`${id}-files`}
        type="file"
        multiple
        className="sr-only"
        disabled={disabled}
        onChange={(e) => pick(e.target)}
        data-testid="batch-add-files"
      />
      <label htmlFor={`${id}-files`} className={`${BUTTON_CLASS} inline-block cursor-pointer`}>
        Add files
      </label>
      <input
        id={`${id}-folder`}
        type="file"
        multiple
        className="sr-only"
        disabled={disabled}
        // A folder's files, with their paths inside it (webkitRelativePath).
        {...{ webkitdirectory: '' }}
        onChange={(e) => pick(e.target)}
      />
      <label htmlFor={`${id}-folder`} className={`${BUTTON_CLASS} inline-block cursor-pointer`}>
        Add a folder
      </label>
    </>
  );
}
