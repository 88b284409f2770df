import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckboxField } from './CheckboxField';
import { FileField } from './FileField';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

describe('fields', () => {
  it('label their controls and tie the error text to them', () => {
    render(
      <>
        <TextField label="Name" value="" onChange={vi.fn()} error="Name is required" isRequired />
        <TextAreaField label="Description" value="" onChange={vi.fn()} helperText="Optional" />
        <SelectField
          label="Policy"
          value=""
          onChange={vi.fn()}
          placeholder="Select a policy"
          options={[{ value: 'affinity', label: 'Affinity' }]}
        />
        <CheckboxField label="Public" checked={false} onChange={vi.fn()} />
      </>,
    );
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required : error status;');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      'Optional',
    );
    expect(screen.getByRole('combobox', { name: 'Policy' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Public' })).not.toBeChecked();
  });

  it('FileField in text mode names its text area by the field label', () => {
    render(
      <FileField
        label="Public Key"
        file={undefined}
        onFileChange={vi.fn()}
        text=""
        onTextChange={vi.fn()}
        isRequired
      />,
    );
    // Not PF's default "File upload": the text area is the field the label names.
    expect(screen.getByRole('textbox', { name: 'Public Key' })).toHaveAttribute('id');
    expect(screen.getByRole('textbox', { name: 'Public Key file name' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'File upload' })).not.toBeInTheDocument();
  });

  it('FileField in text mode reads the chosen file into the text', async () => {
    const onFileChange = vi.fn();
    const onTextChange = vi.fn();
    render(
      <FileField
        label="Public Key"
        file={undefined}
        onFileChange={onFileChange}
        text=""
        onTextChange={onTextChange}
      />,
    );
    expect(screen.getByRole('button', { name: 'Browse...' })).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    expect(input).not.toBeNull();
    const file = new File(['ssh-rsa AAAA test'], 'id.pub', { type: 'text/plain' });
    await userEvent.setup().upload(input as HTMLInputElement, file);
    expect(onFileChange).toHaveBeenCalledWith(file);
    await vi.waitFor(() => expect(onTextChange).toHaveBeenCalledWith('ssh-rsa AAAA test'));
  });
});
