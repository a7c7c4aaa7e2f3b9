export default definePageConfig({ navigationBarTitleText: '拼团下单', navigationStyle: 'custom' })
