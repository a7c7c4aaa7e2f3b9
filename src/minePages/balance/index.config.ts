export default definePageConfig({ navigationBarTitleText: '我的余额', navigationStyle: 'custom' })
