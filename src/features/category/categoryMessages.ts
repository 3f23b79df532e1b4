// Shown by the home strip and the all-categories page when the shop has no category.
export const NO_CATEGORIES_TEXT = 'لا يوجد تصنيفات';
