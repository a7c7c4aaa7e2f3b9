export default definePageConfig({ navigationBarTitleText: '我的', navigationStyle: 'custom' })
