export default definePageConfig({ navigationBarTitleText: '我的拼团', navigationStyle: 'custom' })
