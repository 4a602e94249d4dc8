import { useState, type DragEvent } from 'react';
import { droppedFiles } from './dropped-files';

/** Class names a drop zone shows while files are dragged over it. */
export const DRAGGING_CLASS = 'border-amber-600 bg-amber-50 dark:bg-amber-950';

/**
 * Drag-and-drop of files onto one element: spread `dropProps` on it, read `dragging` to highlight
 * it. The browser's default (opening the file in the tab) is prevented. A folder dropped gives its
 * files, named by their paths inside it.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const dropProps = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(false);
      const files = droppedFiles(event.dataTransfer);
      if (Array.isArray(files)) {
        if (files.length > 0) onFiles(files);
      } else {
        void files.then(
          (walked) => walked.length > 0 && onFiles(walked),
          () => undefined,
        );
      }
    },
  };
  return { dragging, dropProps };
}
