import { toApiError } from '../../api/client';
import { failureText } from '../../lib/failures';

/** The catalogue sheet's words (ProductSheet.tsx). */
export const SHEET_TEXTS = {
  hint: 'الملف بأعمدة ملف التصدير نفسها: يُحدَّث المنتج برمزه (SKU) أو معرّفه، والسطر بلا رمز معروف ولا معرّف منتج جديد. صور المنتج الجديد روابط كاملة أو أسماء ملفات في ملف ZIP تختاره معه.',
  working: 'جار قراءة الملف…',
  exportFailed: 'تعذر تصدير الملف، حاول مرة أخرى',
  previewFailed: 'تعذرت قراءة الملف، حاول مرة أخرى',
  applyFailed: 'تعذر تطبيق الاستيراد، لم يتغير شيء',
  refusedOnApply: 'رُفض الاستيراد ولم يتغير شيء: راجع الأسطر المرفوضة',
  fixRefused: 'صحّح الأسطر المرفوضة في الملف ثم اختره من جديد: لا يُطبق الاستيراد إلا كاملاً.',
  nothingToDo: 'لا جديد في الملف: كل منتجاته كما هي في المتجر.',
  applied: (created: number, updated: number) => `تم الاستيراد: ${created} منتج جديد و${updated} منتج محدّث`,
};

/** The server's own Arabic reason for a refused file (not UTF-8, unreadable…), else the shop's failure wording. */
export function sheetFailure(err: unknown, fallback: string): string {
  const error = toApiError(err);
  if (error.status === 400 && /[\u0600-\u06ff]/.test(error.message)) return error.message;
  return failureText(error, { fallback });
}
