// Admin texts used by more than one screen (SPEC §5 and §8).
export const COMPLETE_DATA_MESSAGE = 'من فضلك اكمل البيانات';
export const ADD_SUCCESS_MESSAGE = 'تمت عملية الاضافة بنجاح';
export const ADD_FAILURE_MESSAGE = 'هناك مشكلة في عملية الاضافة';
export const DELETE_FAILURE_MESSAGE = 'هناك مشكلة في عملية الحذف';
export const SOMETHING_WRONG_MESSAGE = 'هناك خطأ ما';
/** SPEC §8: a coupon name that is taken (add and edit). */
export const COUPON_EXISTS_MESSAGE = 'هذا الكوبون موجود من قبل';
export const SAVE_SUCCESS_MESSAGE = 'تم حفظ التعديلات بنجاح';
export const SAVE_FAILURE_MESSAGE = 'هناك مشكلة في حفظ التعديلات';
export const DELETE_SUCCESS_MESSAGE = 'تم الحذف بنجاح';
