import CodeIcon from '@mui/icons-material/Code';
import ImageIcon from '@mui/icons-material/Image';
import { Box, FormHelperText, ToggleButton, ToggleButtonGroup } from '@mui/material';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type EditorOptions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FormatButtons, LevelSelect, LinkButtons, ListButtons, RichTextInputToolbar, TiptapEditorProvider, useTiptapEditor } from 'ra-input-rich-text';
import { useEffect, useMemo, useRef } from 'react';
import { Labeled, useInput, useNotify } from 'react-admin';
import { errorMessage, useApi } from '../api';
import { imageFilesOf, uploadAndInsert, type UploadImage } from './imageUpload';

function ExtraButtons({ upload }: { upload: UploadImage }) {
  const editor = useTiptapEditor();
  const fileInput = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  return (
    <ToggleButtonGroup size="small">
      <ToggleButton
        value="codeBlock"
        aria-label="Code block"
        title="Code block"
        selected={!!editor?.isActive('codeBlock')}
        onClick={() => editor?.chain().focus().toggleCodeBlock().run()}
      >
        <CodeIcon fontSize="inherit" />
      </ToggleButton>
      <ToggleButton value="image" aria-label="Upload Image" title="Upload Image" onClick={() => fileInput.current?.click()}>
        <ImageIcon fontSize="inherit" />
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Image files"
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            e.target.value = '';
            const images = imageFilesOf(chosen);
            if (images.length < chosen.length) notify('Only image files can be uploaded', { type: 'warning' });
            if (editor && images.length) uploadAndInsert(editor.view, images, upload).catch(() => undefined);
          }}
        />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/**
 * The one rich-text editor (TipTap through ra-input-rich-text): headings, bold,
 * italic, underline, inline code, code blocks, lists and links, with markdown
 * shortcuts as you type. Images come in by the Upload Image button, by paste and
 * by drop, and are always uploaded to the media endpoint first.
 */
export default function LessonContentInput({ source, label }: { source: string; label: string }) {
  const api = useApi();
  const notify = useNotify();
  const uploadRef = useRef<UploadImage>(null!);
  uploadRef.current = async (file: File) => {
    try {
      return await api.uploadMedia(file);
    } catch (error) {
      notify(`Image upload failed: ${errorMessage(error)}`, { type: 'error' });
      throw error;
    }
  };
  const upload: UploadImage = (file) => uploadRef.current(file);

  const editorOptions = useMemo<Partial<EditorOptions>>(
    () => ({
      extensions: [
        StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }),
        Image.configure({ inline: false, allowBase64: false }),
      ],
      editorProps: {
        handlePaste(view, event) {
          const images = imageFilesOf(event.clipboardData?.files);
          if (images.length === 0) return false;
          event.preventDefault();
          uploadAndInsert(view, images, upload).catch(() => undefined);
          return true;
        },
        handleDrop(view, event, _slice, moved) {
          if (moved) return false;
          const images = imageFilesOf(event.dataTransfer?.files);
          if (images.length === 0) return false;
          event.preventDefault();
          const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          uploadAndInsert(view, images, upload, pos).catch(() => undefined);
          return true;
        },
      },
    }),
    // `upload` reads the latest api/notify through a ref; the editor is built once.
    [],
  );

  const { id, field, fieldState } = useInput({ source, defaultValue: '' });
  const editor = useEditor(
    { ...editorOptions, content: field.value, editorProps: { ...editorOptions.editorProps, attributes: { id, 'aria-labelledby': `${id}-label` } } },
    [editorOptions, id],
  );

  // The form's value into the editor only when it differs from what the editor
  // holds: resetting identical content (as RichTextInput does on every change)
  // drops the stored marks, so text typed after **bold** stayed bold.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((field.value ?? '') === current) return;
    const { from, to } = editor.state.selection;
    editor.commands.setContent(field.value ?? '', { emitUpdate: false, parseOptions: { preserveWhitespace: true } });
    editor.commands.setTextSelection({ from, to });
  }, [editor, field.value]);

  useEffect(() => {
    if (!editor) return;
    const update = () => field.onChange(editor.isEmpty ? '' : editor.getHTML());
    editor.on('update', update);
    editor.on('blur', field.onBlur);
    return () => {
      editor.off('update', update);
      editor.off('blur', field.onBlur);
    };
  }, [editor, field]);

  return (
    <Labeled label={label} id={`${id}-label`} source={source} fullWidth>
      <Box
        sx={{
          width: '100%',
          '& .ProseMirror': {
            minHeight: 200,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1,
            mt: 1,
            '&:focus': { outline: '2px solid', outlineColor: 'primary.main' },
            '& p': { m: '0 0 1em 0', '&:last-child': { mb: 0 } },
            '& img': { maxHeight: 400, maxWidth: '100%', height: 'auto' },
            '& pre': { bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' },
          },
        }}
      >
        <TiptapEditorProvider value={editor}>
          <RichTextInputToolbar size="small">
            <LevelSelect size="small" />
            <FormatButtons size="small" />
            <ListButtons size="small" />
            <LinkButtons size="small" />
            <ExtraButtons upload={upload} />
          </RichTextInputToolbar>
          <EditorContent editor={editor} />
        </TiptapEditorProvider>
        {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
      </Box>
    </Labeled>
  );
}
