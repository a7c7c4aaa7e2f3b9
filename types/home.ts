/** Home page contract (GET /api/home/selfList). */
import type { Brand, GoodsCard } from './goods'

/** H5: the element id of the first banner the server puts in index.html for the home page (removed by the page). */
export const HOME_PREVIEW_ELEMENT_ID = 'home-preview'

export interface HomeBanner {
  id: number
  title: string
  image: string
  /** An in-app page path with its query, e.g. "/goodsPages/details/details?id=3". */
  link: string
}

export interface HomeNav {
  id: number
  title: string
  icon: string
  link: string
}

export interface HomeNotice {
  id: number
  title: string
  isTop: boolean
  createdAt: number
}

export interface HomeSection {
  /** custom-<id>: a section the merchant configured in the console (home_sections). */
  key: 'hot' | 'new' | 'brand' | `custom-${number}`
  title: string
  subtitle: string
  /** Where "更多" leads (an in-app path with query). */
  moreLink: string
  goods: GoodsCard[]
  /** The brand section lists its brands too. */
  brands?: Array<Pick<Brand, 'id' | 'name' | 'logo' | 'intro'>>
}

export interface HomeCategory {
  id: number
  name: string
  icon: string
}

export interface HomeSelfList {
  banners: HomeBanner[]
  navs: HomeNav[]
  /** The latest 5 notices that are on, top ones first. */
  notices: HomeNotice[]
  sections: HomeSection[]
  /** Top categories for the quick strip. */
  categories: HomeCategory[]
  /** Hot search words; the first is the search bar's placeholder. */
  hotWords: string[]
}
