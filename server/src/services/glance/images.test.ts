import { describe, expect, it } from 'vitest';
import { type GlanceImage, OpenStackHttpError } from '@skydeck/openstack-client';
import { createImageFromUrl, createImageWithData, type ImageGlance } from './images';

const refused = (message: string): OpenStackHttpError =>
  new OpenStackHttpError({ status: 400, message, service: 'image', body: null });

/** Glance's image calls over a map, recording what was sent; `fail` makes one call refuse. */
const fakeGlance = (fail?: 'import' | 'patch' | 'delete') => {
  const images = new Map<string, GlanceImage>();
  const sent: string[] = [];
  let next = 0;
  const calls = {
    create: async (body: { name?: string }) => {
      const image = { id: `img-${++next}`, name: body.name, status: 'queued' } as GlanceImage;
      images.set(image.id, image);
      sent.push(`create ${image.id}`);
      return image;
    },
    get: async (id: string) => ({ ...images.get(id), status: 'importing' }) as GlanceImage,
    delete: async (id: string) => {
      sent.push(`delete ${id}`);
      if (fail === 'delete') throw refused('protected');
      images.delete(id);
    },
    import: async (id: string, body: { method: { name: string; uri?: string } }) => {
      sent.push(`import ${id} ${body.method.name} ${body.method.uri ?? ''}`);
      if (fail === 'import') throw refused('web-download is not enabled');
    },
    patch: async (id: string, ops: readonly { op: string; path: string }[]) => {
      sent.push(`patch ${id} ${ops.map((o) => `${o.op} ${o.path}`).join()}`);
      if (fail === 'patch') throw refused('show_multiple_locations is off');
      return images.get(id) as GlanceImage;
    },
  };
  // Only the calls these workflows make exist; any other would fail the test loudly.
  const glance = { images: calls } as unknown as ImageGlance;
  return { glance, images, sent };
};

const IMAGE = { name: 'cirros', disk_format: 'qcow2', container_format: 'bare' };
const URL_ = 'https://example.org/cirros.img';

describe('createImageFromUrl', () => {
  it('imports with web-download and answers the image as it is after the import', async () => {
    const { glance, sent } = fakeGlance();
    const image = await createImageFromUrl(glance, IMAGE, { url: URL_, asLocation: false });
    expect(image).toMatchObject({ id: 'img-1', status: 'importing' });
    expect(sent).toEqual(['create img-1', `import img-1 web-download ${URL_}`]);
  });

  it('adds a location instead when asked', async () => {
    const { glance, sent } = fakeGlance();
    await createImageFromUrl(glance, IMAGE, { url: URL_, asLocation: true });
    expect(sent).toEqual(['create img-1', 'patch img-1 add /locations/-']);
  });

  it.each(['import', 'patch'] as const)(
    'deletes the new image when the %s is refused, and throws the refusal',
    async (step) => {
      const { glance, images, sent } = fakeGlance(step);
      await expect(
        createImageFromUrl(glance, IMAGE, { url: URL_, asLocation: step === 'patch' }),
      ).rejects.toBeInstanceOf(OpenStackHttpError);
      expect(sent.at(-1)).toBe('delete img-1');
      expect(images.size).toBe(0);
    },
  );
});

describe('createImageWithData', () => {
  it('throws the data step’s error even when the delete fails too', async () => {
    const { glance, sent } = fakeGlance('delete');
    const cause = new Error('browser went away');
    await expect(
      createImageWithData(glance, IMAGE, async () => {
        throw cause;
      }),
    ).rejects.toBe(cause);
    expect(sent).toEqual(['create img-1', 'delete img-1']);
  });
});
