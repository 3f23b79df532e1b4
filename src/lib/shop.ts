// The shop's name and default description. index.html carries the same two (the plain page crawlers see, and
// the server takes the name from its <title> for share previews); a web test keeps them equal.
export const SHOP_NAME = 'متجر';
export const SHOP_DESCRIPTION = 'متجر إلكتروني عربي: تسوق حسب التصنيف والماركة بأسعار بالجنيه المصري';

/** How many categories and brands the home page's strips show. */
export const HOME_STRIP_SIZE = 5;
