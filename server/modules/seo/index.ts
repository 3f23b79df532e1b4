// The SEO module's public face: the share pages, sitemap and robots.txt served beside the web app.
export { seoRoutes } from './routes';
