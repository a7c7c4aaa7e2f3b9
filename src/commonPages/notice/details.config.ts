export default definePageConfig({ navigationBarTitleText: '公告详情', navigationStyle: 'custom' })
