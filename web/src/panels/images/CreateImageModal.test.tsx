import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadProgress } from './CreateImageModal';

describe('UploadProgress', () => {
  it('says it is preparing before the first progress event', () => {
    render(<UploadProgress percent={-1} />);
    const bar = screen.getByRole('progressbar', { name: 'Preparing upload' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Preparing upload');
  });

  it('reads the whole percent on the bar itself', () => {
    render(<UploadProgress percent={42} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading image file' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuetext', '42%');
  });
});
