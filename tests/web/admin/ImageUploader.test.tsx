import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import ImageUploader, { type ImageMap } from '../../../src/components/admin/ImageUploader';
import { CROPPED_JPEG, dataUrlOf, imageFile, imageStubsForEachTest } from './imageStubs';

type Props = Omit<Parameters<typeof ImageUploader>[0], 'images' | 'onChange'> & {
  initial?: ImageMap;
  onImages?: (images: ImageMap) => void;
};

function Harness({ initial = {}, onImages, ...props }: Props) {
  const [images, setImages] = useState<ImageMap>(initial);
  return (
    <ImageUploader
      {...props}
      images={images}
      onChange={(next) => {
        setImages(next);
        onImages?.(next);
      }}
    />
  );
}

const slotInput = (position: number) => screen.getByLabelText(`اختيار صور للخانة ${position}`);
const thumbnail = (position: number) => screen.queryByRole('img', { name: `الصورة ${position}` });

const stubs = imageStubsForEachTest();

describe('ImageUploader', () => {
  it('shows 3 empty slots by default, each with an «اضف صورة» button and an image-only multiple file input', () => {
    render(<Harness />);
    expect(screen.getAllByRole('button', { name: 'اضف صورة' })).toHaveLength(3);
    const input = slotInput(1);
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
  });

  it('opens the file chooser of the clicked slot', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const click = vi.spyOn(slotInput(2) as HTMLInputElement, 'click');
    await user.click(screen.getAllByRole('button', { name: 'اضف صورة' })[1]);
    expect(click).toHaveBeenCalled();
  });

  it('fills consecutive slots starting at the clicked one, with edit and delete buttons', async () => {
    const user = userEvent.setup();
    const onImages = vi.fn();
    render(<Harness max={5} onImages={onImages} />);
    await user.upload(slotInput(2), [imageFile('a.png', 800, 600), imageFile('b.png', 900, 600)]);
    expect(await screen.findByRole('img', { name: 'الصورة 2' })).toHaveAttribute('src', dataUrlOf(800, 600));
    expect(thumbnail(3)).toHaveAttribute('src', dataUrlOf(900, 600));
    expect(thumbnail(1)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'اضف صورة' })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'تعديل الصورة 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف الصورة 3' })).toBeInTheDocument();
    expect(onImages).toHaveBeenLastCalledWith({ 1: dataUrlOf(800, 600), 2: dataUrlOf(900, 600) });
  });

  it('refuses more files than free slots, naming the maximum (plural)', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<Harness onError={onError} />);
    await user.upload(slotInput(1), [imageFile('a.png'), imageFile('b.png'), imageFile('c.png'), imageFile('d.png')]);
    expect(onError).toHaveBeenCalledWith('لا يمكن رفع اكثر من 3 صور');
    expect(thumbnail(1)).toBeNull();
  });

  it('counts only the free slots from the clicked one', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<Harness onError={onError} initial={{ 0: dataUrlOf(1, 1) }} />);
    await user.upload(slotInput(3), [imageFile('a.png'), imageFile('b.png')]);
    expect(onError).toHaveBeenCalledWith('لا يمكن رفع اكثر من 3 صور');
    onError.mockClear();
    await user.upload(slotInput(2), [imageFile('a.png'), imageFile('b.png')]);
    expect(await screen.findByRole('img', { name: 'الصورة 3' })).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });

  it('says "image" (singular) when the maximum is 1', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<Harness max={1} onError={onError} />);
    expect(screen.getAllByRole('button', { name: 'اضف صورة' })).toHaveLength(1);
    await user.upload(slotInput(1), [imageFile('a.png'), imageFile('b.png')]);
    expect(onError).toHaveBeenCalledWith('لا يمكن رفع اكثر من صورة واحدة');
  });

  it('refuses an image narrower than minWidth', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<Harness minWidth={300} minHeight={200} onError={onError} />);
    await user.upload(slotInput(1), [imageFile('ok.png', 800, 600), imageFile('narrow.png', 299, 600)]);
    await waitFor(() => expect(onError).toHaveBeenCalledWith('عرض الصورة لا يمكن ان يقل عن 300 بكسل'));
    expect(thumbnail(1)).toBeNull();
  });

  it('compares the height with minHeight and names the minimum height (DESIGN.md)', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<Harness minWidth={300} minHeight={200} onError={onError} />);
    await user.upload(slotInput(1), [imageFile('low.png', 800, 199)]);
    await waitFor(() => expect(onError).toHaveBeenCalledWith('ارتفاع الصورة لا يمكن ان يقل عن 200 بكسل'));
    onError.mockClear();
    // Wide but short enough for a width-based check to pass: only the height rule catches it.
    await user.upload(slotInput(1), [imageFile('exact.png', 300, 200)]);
    expect(await screen.findByRole('img', { name: 'الصورة 1' })).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });

  it('uses the browser alert when no error handler is given', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    render(<Harness max={2} />);
    await user.upload(slotInput(1), [imageFile('a.png'), imageFile('b.png'), imageFile('c.png')]);
    expect(alert).toHaveBeenCalledWith('لا يمكن رفع اكثر من صورتين');
  });

  it('refuses files that are not images', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onError = vi.fn();
    render(<Harness onError={onError} />);
    await user.upload(slotInput(1), [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(onError).toHaveBeenCalledWith('يمكن رفع ملفات الصور فقط');
    expect(thumbnail(1)).toBeNull();
  });

  it('shifts later images down when one is deleted', async () => {
    const user = userEvent.setup();
    const initial = { 0: dataUrlOf(1, 1), 1: dataUrlOf(2, 2), 2: dataUrlOf(3, 3) };
    const onImages = vi.fn();
    render(<Harness initial={initial} onImages={onImages} />);
    await user.click(screen.getByRole('button', { name: 'حذف الصورة 1' }));
    expect(onImages).toHaveBeenLastCalledWith({ 0: dataUrlOf(2, 2), 1: dataUrlOf(3, 3) });
    expect(thumbnail(1)).toHaveAttribute('src', dataUrlOf(2, 2));
    expect(thumbnail(2)).toHaveAttribute('src', dataUrlOf(3, 3));
    expect(thumbnail(3)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'اضف صورة' })).toHaveLength(1);
  });

  it('without cropping, edit replaces the image of that slot', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ 0: dataUrlOf(1, 1) }} />);
    const replaceInput = slotInput(1) as HTMLInputElement;
    const click = vi.spyOn(replaceInput, 'click');
    await user.click(screen.getByRole('button', { name: 'تعديل الصورة 1' }));
    expect(click).toHaveBeenCalled();
    await user.upload(replaceInput, imageFile('new.png', 640, 480));
    await waitFor(() => expect(thumbnail(1)).toHaveAttribute('src', dataUrlOf(640, 480)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  describe('with cropping', () => {
    it("opens 'قص الصورة' on every added image in turn; each 'قص' replaces its image with a JPEG data URL", async () => {
      const user = userEvent.setup();
      const onImages = vi.fn();
      render(<Harness max={5} crop onImages={onImages} />);
      await user.upload(slotInput(1), [imageFile('a.png', 800, 600), imageFile('b.png', 1024, 768)]);
      for (const [width, height] of [
        [800, 600],
        [1024, 768],
      ]) {
        const dialog = await screen.findByRole('dialog', { name: 'قص الصورة' });
        await waitFor(() =>
          expect(within(dialog).getByRole('img', { name: 'الصورة المراد قصها' })).toHaveAttribute(
            'src',
            dataUrlOf(width, height),
          ),
        );
        await user.click(within(dialog).getByRole('button', { name: 'قص' }));
      }
      expect(stubs.toDataURL).toHaveBeenCalledWith('image/jpeg');
      expect(stubs.drawImage).toHaveBeenCalledTimes(2);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(thumbnail(1)).toHaveAttribute('src', CROPPED_JPEG);
      expect(thumbnail(2)).toHaveAttribute('src', CROPPED_JPEG);
      expect(onImages).toHaveBeenLastCalledWith({ 0: CROPPED_JPEG, 1: CROPPED_JPEG });
    });

    it('edit crops the original image, not the cropped one', async () => {
      const user = userEvent.setup();
      render(<Harness crop />);
      await user.upload(slotInput(1), imageFile('a.png', 800, 600));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'قص' }));
      await waitFor(() => expect(thumbnail(1)).toHaveAttribute('src', CROPPED_JPEG));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await user.click(screen.getByRole('button', { name: 'تعديل الصورة 1' }));
      const dialog = await screen.findByRole('dialog', { name: 'قص الصورة' });
      expect(within(dialog).getByRole('img', { name: 'الصورة المراد قصها' })).toHaveAttribute(
        'src',
        dataUrlOf(800, 600),
      );
    });

    it('closing the dialog keeps the image as it was and clears the crop', async () => {
      const user = userEvent.setup();
      render(<Harness crop />);
      await user.upload(slotInput(1), imageFile('a.png', 800, 600));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'اغلاق' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(thumbnail(1)).toHaveAttribute('src', dataUrlOf(800, 600));
      expect(stubs.toDataURL).not.toHaveBeenCalled();
    });

    it('starts with a centred 4:3 crop (rule of thirds, dark dialog) and crops that area of the full-size image', async () => {
      const user = userEvent.setup();
      render(<Harness crop />);
      await user.upload(slotInput(1), imageFile('a.png', 1600, 1200));
      const dialog = await screen.findByRole('dialog', { name: 'قص الصورة' });
      expect(dialog.closest('.modal')).toHaveAttribute('data-bs-theme', 'dark');
      const image = within(dialog).getByRole('img', { name: 'الصورة المراد قصها' });
      // Shown at 800 × 600 px, the file itself is 1600 × 1200 px.
      for (const [key, value] of Object.entries({ width: 800, height: 600, naturalWidth: 1600, naturalHeight: 1200 })) {
        Object.defineProperty(image, key, { configurable: true, value });
      }
      fireEvent.load(image);
      await waitFor(() => expect(dialog.querySelector('.ReactCrop--rule-of-thirds')).not.toBeNull());
      await user.click(within(dialog).getByRole('button', { name: 'قص' }));
      const [, sx, sy, sw, sh, , , dw, dh] = stubs.drawImage.mock.calls[0] as number[];
      expect(sw / sh).toBeCloseTo(4 / 3);
      expect(sw).toBeCloseTo(1600 * 0.9);
      expect(sx).toBeCloseTo((1600 - sw) / 2);
      expect(sy).toBeCloseTo((1200 - sh) / 2);
      expect([dw, dh]).toEqual([Math.round(sw), Math.round(sh)]);
    });

    it('an image shown from the server is cropped from its URL', async () => {
      const user = userEvent.setup();
      render(<Harness crop initial={{ 0: 'http://127.0.0.1:8000/products/a.webp' }} />);
      await user.click(screen.getByRole('button', { name: 'تعديل الصورة 1' }));
      const image = within(await screen.findByRole('dialog')).getByRole('img', { name: 'الصورة المراد قصها' });
      expect(image).toHaveAttribute('src', 'http://127.0.0.1:8000/products/a.webp');
      expect(image).toHaveAttribute('crossorigin', 'anonymous');
    });
  });
});

describe('ImageUploader: every file is decoded and checked first', () => {
  it('refuses an image narrower than 300 px by default, and one lower than 225 px (DESIGN.md height check)', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<Harness max={5} crop onError={onError} />);
    await user.upload(slotInput(1), imageFile('small.png', 200, 150));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('عرض الصورة لا يمكن ان يقل عن 300 بكسل'));
    await user.upload(slotInput(1), imageFile('strip.png', 320, 120));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('ارتفاع الصورة لا يمكن ان يقل عن 225 بكسل'));
    expect(thumbnail(1)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives a file that does not decode (text renamed .png) no slot and no crop dialog', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<Harness max={5} crop onError={onError} />);
    await user.upload(slotInput(1), [
      imageFile('ok.png'),
      new File(['just some notes'], 'notes.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(onError).toHaveBeenCalledWith('يمكن رفع ملفات الصور فقط'));
    expect(thumbnail(1)).toBeNull();
    expect(thumbnail(2)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stubs.drawImage).not.toHaveBeenCalled();
  });

  it('says it is processing while a photo decodes, and scales a big photo down to 1600 px on its long side', async () => {
    const held: Array<() => void> = [];
    const RealStub = globalThis.Image;
    // Holds each decode until the test lets it finish.
    vi.stubGlobal(
      'Image',
      class extends RealStub {
        set src(value: string) {
          held.push(() => {
            super.src = value;
          });
        }
      },
    );
    const user = userEvent.setup();
    render(<Harness max={5} crop />);
    await user.upload(slotInput(1), imageFile('photo.jpg', 4000, 3000, 'image/jpeg'));
    expect(await screen.findByRole('status')).toHaveTextContent('جاري معالجة الصورة…');
    expect(screen.getAllByRole('button', { name: 'اضف صورة' })[0]).toBeDisabled();
    expect(screen.queryByRole('dialog')).toBeNull();
    held.forEach((release) => release());

    const dialog = await screen.findByRole('dialog', { name: 'قص الصورة' });
    expect(screen.queryByText('جاري معالجة الصورة…')).toBeNull();
    const [source, dx, dy, dw, dh] = stubs.drawImage.mock.calls[0] as unknown[];
    expect(source).toBeInstanceOf(RealStub);
    expect([dx, dy, dw, dh]).toEqual([0, 0, 1600, 1200]);
    expect(stubs.toDataURL).toHaveBeenCalledWith('image/jpeg', 0.9);
    // The crop starts from the scaled copy, not from the 4000 px original.
    expect(within(dialog).getByRole('img', { name: 'الصورة المراد قصها' })).toHaveAttribute('src', CROPPED_JPEG);
  });

  it('keeps a transparent format transparent when scaling it (WebP), and leaves small photos as they are', async () => {
    const user = userEvent.setup();
    const onImages = vi.fn();
    render(<Harness max={5} onImages={onImages} />);
    await user.upload(slotInput(1), [imageFile('logo.png', 2400, 1200), imageFile('small.png', 1600, 900)]);
    await waitFor(() => expect(onImages).toHaveBeenCalledWith({ 0: CROPPED_JPEG, 1: dataUrlOf(1600, 900) }));
    expect(stubs.toDataURL).toHaveBeenCalledWith('image/webp', 0.9);
    expect(stubs.drawImage).toHaveBeenCalledTimes(1);
  });

  it('keeps the Crop button on screen: the dialog scrolls and the image is capped to the window height', async () => {
    const user = userEvent.setup();
    render(<Harness crop />);
    await user.upload(slotInput(1), imageFile('tall.png', 600, 1600));
    const dialog = await screen.findByRole('dialog', { name: 'قص الصورة' });
    expect(dialog.querySelector('.modal-dialog')).toHaveClass('modal-dialog-scrollable');
    const image = within(dialog).getByRole('img', { name: 'الصورة المراد قصها' });
    expect(image.style.maxHeight).toBe('calc(100dvh - 14rem)');
    expect(image.style.width).toBe('');
  });
});
