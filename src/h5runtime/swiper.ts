/**
 * What Taro's H5 <Swiper> (taro-swiper-core, under NutUI's Swiper on home and goods details) needs of
 * Swiper: the core with autoplay, pagination and zoom. config/index.ts points `swiper/bundle` here; the
 * bundle with every module (virtual, effects, keyboard, a11y...) was 160 KB of the app's first load.
 * Taro's `effectsProps` (fade, cube...) would need their effect modules added here.
 */
import Swiper from 'swiper'
import { Autoplay, Pagination, Zoom } from 'swiper/modules'

// eslint-disable-next-line react-hooks/rules-of-hooks -- Swiper's module registration, not a React hook
Swiper.use([Autoplay, Pagination, Zoom])

export default Swiper
