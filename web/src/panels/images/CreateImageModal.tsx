import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Progress, ProgressMeasureLocation } from '@patternfly/react-core';
import type { ModalProps } from '../../registry/types';
import { ModalLoading } from '../../ui/ActionMenu/ModalLoading';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { ImageFields } from './ImageFields';
import { imageCreateBody, newImageValues, validateImage } from './imageForm';
import { imageMutations } from '../../data/glance/images';
import { useImageFormContext, type ImageFormContext } from './useImageFormContext';

/** Upload progress: -1 while the upload starts (no byte reported yet), then whole percents. */
export function UploadProgress({ percent }: { percent: number }): ReactNode {
  const { t } = useTranslation();
  const started = percent >= 0;
  return (
    <Progress
      title={started ? t('Uploading image file') : t('Preparing upload')}
      value={started ? percent : 0}
      measureLocation={started ? ProgressMeasureLocation.outside : ProgressMeasureLocation.none}
      valueText={started ? `${percent}%` : t('Preparing upload')}
    />
  );
}

function CreateImageForm({
  ctx,
  onClose,
}: { ctx: ImageFormContext } & Pick<ModalProps<undefined>, 'onClose'>): ReactNode {
  const { t } = useTranslation();
  const create = useMutation(imageMutations.create);
  const [progress, setProgress] = useState<number>();
  const form = useForm(newImageValues(ctx.source, ctx.visibility), (v) =>
    validateImage(v, 'create', t),
  );
  const uploading = progress !== undefined;
  // Cancel (or leaving the page) aborts a running upload; the server then deletes the image.
  const controller = useRef<AbortController>(undefined);
  useEffect(() => () => controller.current?.abort(), []);
  return (
    <ModalForm
      title={t('Create Image')}
      submitLabel={t('Create Image')}
      isValid={form.isValid}
      // In the header, not after the fields: the form scrolls, and the bar must stay in sight.
      description={uploading ? <UploadProgress percent={progress} /> : undefined}
      onClose={(result) => {
        if (!result) controller.current?.abort();
        onClose(result);
      }}
      onSubmit={async () => {
        controller.current = new AbortController();
        try {
          const image = await create.mutateAsync({
            body: imageCreateBody(form.values),
            file: form.values.file,
            onProgress: setProgress,
            signal: controller.current.signal,
          });
          return { created: [image.id] };
        } finally {
          setProgress(undefined);
        }
      }}
    >
      <ImageFields
        form={form}
        mode="create"
        sources={ctx.sources}
        visibilities={ctx.visibilities}
      />
    </ModalForm>
  );
}

/** Create Image (spec 2 §2, §4, §5, §7): URL or file, streamed upload with progress. */
export function CreateImageModal({ onClose }: ModalProps<undefined>): ReactNode {
  const ctx = useImageFormContext();
  if (!ctx.ready) return <ModalLoading />;
  return <CreateImageForm ctx={ctx} onClose={onClose} />;
}
