import { describe, expect, it } from 'vitest';
import { imageCreateBody, newImageValues, validateImage } from './imageForm';
import { legacyUploadForm } from '../../data/glance/images';

const t = (key: string): string => key;

describe('image form', () => {
  it('defaults per spec 2 §5', () => {
    const v = newImageValues('file-legacy', 'shared');
    expect(v).toMatchObject({
      protected: false,
      min_disk: '0',
      min_ram: '0',
      visibility: 'shared',
    });
  });
  it('needs a name, a format and the chosen source', () => {
    const e = validateImage(newImageValues('url', 'shared'), 'create', t);
    expect(e.name).toBeTruthy();
    expect(e.format).toBeTruthy();
    expect(e.image_url).toBeTruthy();
    const f = validateImage(newImageValues('file-direct', 'shared'), 'create', t);
    expect(f.file).toBeTruthy();
  });
  it('checks minimum disk and RAM are integers', () => {
    const v = { ...newImageValues('url', 'shared'), min_disk: 'x', min_ram: '12' };
    const e = validateImage(v, 'create', t);
    expect(e.min_disk).toBe('Integer required');
    expect(e.min_ram).toBeUndefined();
  });
  it('drops data for a URL and image_url for a file (spec 2 §7), mapping the format', () => {
    const base = {
      ...newImageValues('url', 'private'),
      name: 'n',
      format: 'docker',
      image_url: 'http://x',
    };
    const url = imageCreateBody(base);
    expect(url).toMatchObject({
      source_type: 'url',
      image_url: 'http://x',
      disk_format: 'raw',
      container_format: 'docker',
    });
    expect(url).not.toHaveProperty('data');
    const file = new File(['abc'], 'disk.img');
    const direct = imageCreateBody({ ...base, source_type: 'file-direct', file });
    expect(direct).toMatchObject({ data: 'disk.img' });
    expect(direct).not.toHaveProperty('image_url');
  });
  it('sends the file as the last multipart part, its length just before it', () => {
    const file = new File(['abc'], 'disk.img');
    const body = imageCreateBody({
      ...newImageValues('file-legacy', 'shared'),
      name: 'n',
      format: 'qcow2',
      file,
    });
    const form = legacyUploadForm(body, file);
    const keys = [...form.keys()];
    expect(keys.at(-1)).toBe('data');
    expect(keys.at(-2)).toBe('data_size');
    expect(form.get('data_size')).toBe('3');
    expect(form.get('min_disk')).toBe('0');
  });
});
