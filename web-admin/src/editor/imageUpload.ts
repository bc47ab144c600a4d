import type { EditorView } from '@tiptap/pm/view';

export type UploadImage = (file: File) => Promise<{ url: string; name: string }>;

export const imageFilesOf = (files: FileList | File[] | null | undefined) => Array.from(files ?? []).filter((f) => f.type.startsWith('image/'));

/**
 * Uploads each image to the media endpoint and inserts it at `pos` (a drop) or
 * at the selection (paste, Upload Image): the document only ever holds URLs of
 * uploaded files, never data URIs.
 */
export async function uploadAndInsert(view: EditorView, files: File[], upload: UploadImage, pos?: number): Promise<void> {
  let at = pos;
  for (const file of files) {
    const media = await upload(file);
    if (view.isDestroyed) return;
    const node = view.state.schema.nodes.image.create({ src: media.url, alt: file.name });
    const tr = at === undefined ? view.state.tr.replaceSelectionWith(node) : view.state.tr.insert(at, node);
    view.dispatch(tr);
    if (at !== undefined) at += node.nodeSize;
  }
}
