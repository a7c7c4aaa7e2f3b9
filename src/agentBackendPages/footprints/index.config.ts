export default definePageConfig({ navigationBarTitleText: '访客足迹', navigationStyle: 'custom' })
