import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, PasswordInput, ResourceContextProvider, SaveButton, TextInput, defaultI18nProvider } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAdminSession } from '../../../test/fakeApi';
import { KeepUnsavedChanges } from '../KeepUnsavedChanges';
import { useKeptText } from '../useKeptText';

const RECORD = { id: 7, title: 'Traffic 101', description: 'Before' };
const KEY = 'adminDraft:admin@example.com:form:courses:7';

function CourseForm({ onSubmit = () => undefined }: { onSubmit?: (values: Record<string, unknown>) => unknown }) {
  return (
    <AdminContext i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value="courses">
        <Form record={RECORD} onSubmit={onSubmit}>
          <KeepUnsavedChanges />
          <TextInput source="title" label="Title" />
          <TextInput source="description" label="Description" />
          <PasswordInput source="password" label="Password" />
          <SaveButton />
        </Form>
      </ResourceContextProvider>
    </AdminContext>
  );
}

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as { savedAt: string; value: Record<string, unknown> } | null;

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('unsaved changes of a console form', () => {
  it('keeps the changed fields as the admin types (never a password), and offers them back on the next visit', async () => {
    const first = render(<CourseForm />);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Traffic 102' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'hunter2-secret' } });
    await waitFor(() => expect(stored()?.value).toEqual({ title: 'Traffic 102' }));
    expect(localStorage.getItem(KEY)).not.toContain('hunter2');
    // The session ends: the form goes away without a save.
    first.unmount();
    expect(stored()?.value).toEqual({ title: 'Traffic 102' });

    render(<CourseForm />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Unsaved changes from .* were kept in this browser\. Restore them\?/);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Traffic 101');
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Traffic 102');
    expect((screen.getByLabelText('Description') as HTMLInputElement).value).toBe('Before');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('forgets them once saved, and when the admin discards them', async () => {
    localStorage.setItem(KEY, JSON.stringify({ savedAt: '2026-11-20T10:00:00.000Z', value: { description: 'Kept' } }));
    const discarded = render(<CourseForm />);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(stored()).toBeNull());
    discarded.unmount();

    const onSubmit = vi.fn();
    const saving = render(<CourseForm onSubmit={onSubmit} />);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Saved title' } });
    await waitFor(() => expect(stored()?.value).toEqual({ title: 'Saved title' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    saving.unmount();
    expect(stored()).toBeNull();
  });
});

describe('a text written outside a form (an answer in a dialog)', () => {
  it('is kept as it is typed, there again after the session ended, and forgotten once sent', async () => {
    const name = 'lesson-question-answer:42';
    const first = renderHook(() => useKeptText(name));
    act(() => first.result.current[1]('Use sub-ids per campaign.'));
    first.unmount();

    const again = renderHook(() => useKeptText(name));
    expect(again.result.current[0]).toBe('Use sub-ids per campaign.');
    act(() => again.result.current[2]());
    expect(again.result.current[0]).toBe('');
    expect(renderHook(() => useKeptText(name)).result.current[0]).toBe('');
  });
});
