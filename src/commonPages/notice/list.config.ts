export default definePageConfig({ navigationBarTitleText: '公告', navigationStyle: 'custom' })
