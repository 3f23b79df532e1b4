/** SPEC §5 and §8 texts of the reviews section. */
export const REVIEW_MESSAGES = {
  writeComment: 'من فضلك اكتب تعليق',
  chooseRating: 'من فضلك اختر تقييمًا للمنتج',
  created: 'تمت الاضافه بنجاح',
  adminsMayNotRate: 'غير مسموح للمسؤول بإضافة تقييم',
  staffMayNotReview: 'التقييمات للعملاء فقط، حسابات الادارة لا تضيف تقييمات',
  alreadyReviewed: 'لقد قمت بإضافة تقييم لهذا المنتج من قبل',
  createFailed: 'هناك مشكله في اضافه تعليقات في الوقت الحالي',
  editIncomplete: 'يرجى إدخال نص التقييم وقيمة أكبر من 0',
  edited: 'تم تعديل التقييم بنجاح',
  editFailed: 'هناك مشكله فى عملية التعديل',
  deleted: 'تم حذف التقييم بنجاح',
  deleteFailed: 'هناك مشكله فى عملية المسح',
  none: 'لا يوجد تقيمات الان',
} as const;
