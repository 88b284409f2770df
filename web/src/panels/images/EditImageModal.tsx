import { useEffect, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Image } from '@skydeck/contract';
import type { ModalProps } from '../../registry/types';
import { ModalLoading } from '../../ui/ActionMenu/ModalLoading';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { ImageFields } from './ImageFields';
import { imageUpdateBody, imageValues, validateImage } from './imageForm';
import { imageMutations, imageQueries } from '../../data/glance/images';
import { useImageFormContext, type ImageFormContext } from './useImageFormContext';

function EditImageForm({
  image,
  ctx,
  onClose,
}: { image: Image; ctx: ImageFormContext } & Pick<ModalProps<Image>, 'onClose'>): ReactNode {
  const { t } = useTranslation();
  const update = useMutation(imageMutations.update);
  const form = useForm(imageValues(image), (v) => validateImage(v, 'edit', t));
  // The image's own visibility stays offered even where policy would not let us choose it.
  const visibilities = ctx.visibilities.includes(form.values.visibility)
    ? ctx.visibilities
    : [...ctx.visibilities, form.values.visibility];
  return (
    <ModalForm
      title={t('Edit Image')}
      submitLabel={t('Update Image')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        await update.mutateAsync({ id: image.id, body: imageUpdateBody(form.values, image) });
        return { updated: [image.id] };
      }}
    >
      <ImageFields form={form} mode="edit" visibilities={visibilities} />
    </ModalForm>
  );
}

/** Edit Image (spec 2 §2): the loaded image's fields; vhd goes in an ovf container. */
export function EditImageModal({ target, onClose }: ModalProps<Image>): ReactNode {
  const ctx = useImageFormContext();
  const detail = useQuery(imageQueries.detail(target.id));
  useEffect(() => {
    if (detail.isError) onClose({ failed: [target.id] });
  }, [detail.isError, onClose, target.id]);
  if (!detail.data || !ctx.ready) return detail.isError ? null : <ModalLoading />;
  return <EditImageForm image={detail.data} ctx={ctx} onClose={onClose} />;
}
